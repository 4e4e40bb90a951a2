/**
 * Identity reviews (docs/money.md "Identity verification"): the console's queue of KYC submissions and
 * the reviewer's decision. A decision is one transaction: the submission (locked, still pending), the
 * customer's verification status and the inbox message commit together or not at all.
 */
import { AccountType, type CompanyProfile, type KycReviewRow, ReviewStatus } from '@beurs/contracts';
import { eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { fileMap, fileRefs } from '../files/index.js';
import { notify } from '../inbox/index.js';
import { type Decision, pendingOnly, type QueueFilter, reviewFields, reviewQueue } from './queue.js';
import { kycSubmissions } from './schema.js';

/** Where the inbox sends the customer: to deposit once verified, back to the form when refused. */
export const KYC_APPROVED_LINK = '/pages/deposit/index';
export const KYC_REJECTED_LINK = '/pages/kyc/individual';

const ID_TYPES = ['idCard', 'passport', 'DL'] as const;
type IdType = (typeof ID_TYPES)[number];
const idTypeOf = (v: string): IdType => ((ID_TYPES as readonly string[]).includes(v) ? (v as IdType) : 'idCard');

export function createReviewService(deps: Pick<Deps, 'db' | 'files'>) {
  const { db } = deps;

  async function rows(ex: Executor, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }) {
    const found = await ex
      .select({ sub: kycSubmissions, user: users, reviewer: operators.username })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .leftJoin(operators, eq(operators.id, kycSubmissions.reviewerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const files = await fileRefs(
      ex,
      deps.files,
      found.map((r) => fileMap(r.sub.files)),
    );
    return found.map(
      ({ sub, user, reviewer }, i): KycReviewRow => ({
        id: sub.id,
        customerId: user.id,
        userId: user.username,
        email: user.email,
        accountType: user.accountType,
        firstName: sub.firstName,
        lastName: sub.lastName,
        country: sub.country,
        idType: idTypeOf(sub.idType),
        idNumber: sub.idNumber,
        company: user.accountType === AccountType.Company ? ((user.company as CompanyProfile | null) ?? null) : null,
        files: files[i] ?? [],
        ...reviewFields(sub, reviewer),
      }),
    );
  }

  /** Pending oldest first (the order they are worked in), reviewed newest first; `q`: user ID, email or name. */
  const queue = (filter: QueueFilter) =>
    reviewQueue(
      db,
      kycSubmissions,
      filter,
      (where, order, page) => rows(db, where, order, page),
      (like) => [
        ilike(sql`${kycSubmissions.firstName} || ' ' || ${kycSubmissions.lastName}`, like),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
        ilike(sql`coalesce(${users.company}->>'companyName', '')`, like),
      ],
    );

  /** Locks a submission for its review; only a pending one may be decided (409 otherwise). */
  const lockPending = async (tx: Tx, id: number) =>
    pendingOnly((await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update'))[0]);

  async function decide(tx: Tx, d: Decision, outcome: { status: 2 | 3; reason: string | null }) {
    const sub = await lockPending(tx, d.id);
    await tx
      .update(kycSubmissions)
      .set({ status: outcome.status, reason: outcome.reason, reviewerId: d.operatorId, reviewedAt: d.at })
      .where(eq(kycSubmissions.id, sub.id));
    await tx
      .update(users)
      .set({ kycStatus: outcome.status, kycReason: outcome.reason })
      .where(eq(users.id, sub.userId));
    if (outcome.status === ReviewStatus.Approved) {
      await notify(tx, { userId: sub.userId, kind: 'kycApproved', link: KYC_APPROVED_LINK, at: d.at });
    } else {
      await notify(tx, {
        userId: sub.userId,
        kind: 'kycRejected',
        params: { reason: outcome.reason ?? '' },
        link: KYC_REJECTED_LINK,
        at: d.at,
      });
    }
    const [row] = await rows(tx, eq(kycSubmissions.id, sub.id), [], { limit: 1, offset: 0 });
    if (!row) throw new Error(`kyc submission ${sub.id} vanished`);
    return { row };
  }

  /** The customer is verified and told in their inbox. */
  const approve = (tx: Tx, d: Decision) => decide(tx, d, { status: ReviewStatus.Approved, reason: null });

  /** The customer sees the reason in their profile and inbox, and may send the form again. */
  const reject = (tx: Tx, d: Decision, reason: string) => decide(tx, d, { status: ReviewStatus.Failed, reason });

  return { queue, approve, reject };
}
