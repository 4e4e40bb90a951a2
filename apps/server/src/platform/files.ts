/**
 * Uploaded files: size-limited, typed from their bytes (not their name), stored under a
 * server-made id, and served back only through short-lived signed addresses handed to
 * whoever may see them (the owner, reviewing operators).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { E, rules } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { files } from './db/schema.js';
import { AppError, rule } from './errors.js';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
const URL_TTL_SECONDS = 3600;
/** An upload nothing refers to after this long is deleted (purgeOrphans). */
export const ORPHAN_AFTER_MS = 24 * 3600_000;
const MB = 1024 * 1024;

/** The name the browser gave the file, kept for operators: printable and short, or nothing. */
const displayName = (name: string | undefined) => {
  const clean = name
    ?.replace(new RegExp(rules.CONTROL_CHARACTERS, 'g'), '')
    .replace(/[\t\r\n]/g, ' ')
    .trim();
  return clean && !rules.isHostileText(clean) ? clean.slice(0, 200) : null;
};

/** The secret that signs file URLs: FILE_URL_SECRET, or one made once and kept in DATA_DIR. */
export async function loadFileUrlSecret(config: Config): Promise<Buffer> {
  if (config.fileUrlSecret) return Buffer.from(config.fileUrlSecret);
  const file = path.join(config.dataDir, 'file-url.secret');
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'hex');
  } catch {
    const secret = randomBytes(32);
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(file, secret.toString('hex'), { mode: 0o600 });
    return secret;
  }
}

/** Who an upload belongs to: a customer's user id, or an operator. */
export type FileOwner = number | { operatorId: number };

export async function createFileStore(db: Db, config: Config, clock: Clock) {
  const secret = await loadFileUrlSecret(config);
  await fs.mkdir(config.uploadsDir, { recursive: true });

  const sign = (id: string, exp: number) => createHmac('sha256', secret).update(`${id}.${exp}`).digest('base64url');

  function signedUrl(id: string) {
    const exp = Math.floor(clock.now().getTime() / 1000) + URL_TTL_SECONDS;
    return `/web/file/${id}?exp=${exp}&sig=${sign(id, exp)}`;
  }

  function verifySignature(id: string, exp: number, sig: string) {
    if (!Number.isFinite(exp) || exp < clock.now().getTime() / 1000) return false;
    const a = Buffer.from(sign(id, exp));
    const b = Buffer.from(sig);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * Stores an upload of `owner`: a customer (a number: their user id, as it always was) or an operator. The same
   * checks for both (size by the multipart limit, the type from the bytes, the owner's quota).
   */
  async function save(owner: FileOwner, buffer: Buffer, kind: 'image' | 'document', originalName?: string) {
    const byOperator = typeof owner === 'object';
    const ownerKey = byOperator ? `files:operator:${owner.operatorId}` : `files:${owner}`;
    const ownedBy = byOperator ? eq(files.ownerOperatorId, owner.operatorId) : eq(files.ownerUserId, owner);
    if (buffer.length === 0) throw new AppError(400, E.uploadMissing);
    const allowed: readonly string[] = kind === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !allowed.includes(type.mime)) {
      throw new AppError(415, E.uploadType, {
        types: kind === 'image' ? 'JPG, PNG, WebP, GIF' : 'PDF, JPG, PNG, WebP, GIF',
      });
    }
    const id = randomBytes(18).toString('base64url');
    const file = path.join(config.uploadsDir, id);
    try {
      // One upload of an owner at a time counts against their quota, so two at once cannot both squeeze in.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ownerKey}, 0))`);
        const [stored] = await tx
          .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
          .from(files)
          .where(ownedBy);
        if (Number(stored?.bytes ?? 0) + buffer.length > config.uploadQuotaMb * MB) {
          throw rule(E.uploadQuota, { n: config.uploadQuotaMb });
        }
        await fs.writeFile(file, buffer, { mode: 0o600 });
        await tx.insert(files).values({
          id,
          ownerUserId: byOperator ? null : owner,
          ownerOperatorId: byOperator ? owner.operatorId : null,
          kind,
          mime: type.mime,
          size: buffer.length,
          sha256: createHash('sha256').update(buffer).digest('hex'),
          originalName: displayName(originalName),
          createdAt: clock.now(),
        });
      });
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
    return { fileId: id, url: signedUrl(id), mime: type.mime, size: buffer.length };
  }

  async function read(id: string) {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!row) return undefined;
    return { row, body: await fs.readFile(path.join(config.uploadsDir, row.id)) };
  }

  /**
   * Deletes uploads older than a day that nothing refers to (an identity submission, a deposit proof, a bank card
   * a withdrawal's destination, a support message or an article's images): a customer or an operator who uploads and never submits leaves nothing behind. Each row goes
   * in one DELETE, so every node may run this at once: a file is removed by whichever node deleted its row.
   * A table that starts keeping file ids adds itself to `referenced` below.
   */
  async function purgeOrphans(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
    const { rows } = await db.execute<{ id: string }>(sql`
      delete from files f
      where f.created_at < ${cutoff}
        and not exists (
          select 1 from kyc_submissions k, jsonb_each_text(k.files) e
          where k.user_id = f.owner_user_id and e.value = f.id)
        and not exists (
          select 1 from recharge_orders r where r.user_id = f.owner_user_id and r.proof_file_id = f.id)
        and not exists (
          select 1 from user_accounts a
          where a.user_id = f.owner_user_id and f.id in (a.details->>'frontFileId', a.details->>'backFileId'))
        and not exists (
          select 1 from withdrawals w
          where w.user_id = f.owner_user_id and f.id in (w.destination->>'frontFileId', w.destination->>'backFileId'))
        and not exists (select 1 from support_messages s where s.file_id = f.id)
        and not exists (select 1 from articles a where f.id = any(a.files))
      returning f.id`);
    for (const row of rows) await fs.rm(path.join(config.uploadsDir, row.id), { force: true });
    return rows.length;
  }

  return { save, read, signedUrl, verifySignature, purgeOrphans };
}

export type FileStore = Awaited<ReturnType<typeof createFileStore>>;
