/**
 * Uploaded files: size-limited, typed from their bytes (not their name), stored under a
 * server-made id, and served back only through short-lived signed addresses handed to
 * whoever may see them (the owner, reviewing operators).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { E } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { files } from './db/schema.js';
import { AppError } from './errors.js';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
const URL_TTL_SECONDS = 3600;

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

  async function save(ownerUserId: number, buffer: Buffer, kind: 'image' | 'document', originalName?: string) {
    if (buffer.length === 0) throw new AppError(400, E.uploadMissing);
    const allowed: readonly string[] = kind === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !allowed.includes(type.mime)) {
      throw new AppError(415, E.uploadType, {
        types: kind === 'image' ? 'JPG, PNG, WebP, GIF' : 'PDF, JPG, PNG, WebP, GIF',
      });
    }
    const id = randomBytes(18).toString('base64url');
    await fs.writeFile(path.join(config.uploadsDir, id), buffer, { mode: 0o600 });
    await db.insert(files).values({
      id,
      ownerUserId,
      kind,
      mime: type.mime,
      size: buffer.length,
      sha256: createHash('sha256').update(buffer).digest('hex'),
      originalName: originalName?.slice(0, 200) ?? null,
    });
    return { fileId: id, url: signedUrl(id), mime: type.mime, size: buffer.length };
  }

  async function read(id: string) {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!row) return undefined;
    return { row, body: await fs.readFile(path.join(config.uploadsDir, row.id)) };
  }

  return { save, read, signedUrl, verifySignature };
}

export type FileStore = Awaited<ReturnType<typeof createFileStore>>;
