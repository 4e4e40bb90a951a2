/**
 * Operator accounts from the shell, for whoever runs the server (not for operators themselves):
 *   npm run operator -- password <username>     sets a new password, read from standard input
 * With the embedded database, stop the server first (this starts the same database on its own); with
 * DATABASE_URL it can run beside the server. The new password must pass the customer password rule, and it
 * revokes the operator's open sessions.
 */
import path from 'node:path';
import readline from 'node:readline/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { createDb } from '../platform/db/client.js';
import { startEmbeddedPostgres } from '../platform/db/embedded.js';
import { operators, sessions } from '../platform/db/schema.js';
import { translate } from '../platform/i18n.js';
import { newPasswordProblem } from '../platform/password-policy.js';
import { hashPassword } from '../platform/passwords.js';

const [command, username] = process.argv.slice(2);
if (command !== 'password' || !username) {
  console.error('usage: npm run operator -- password <username>   (the new password is read from standard input)');
  process.exit(2);
}

const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: Number(process.env.PG_PORT) || undefined,
    }).catch(() => {
      console.error(
        'operator: the embedded database would not start: stop the server first (Ctrl-C), then run this again',
      );
      return process.exit(1);
    });
const db = createDb(config.databaseUrl ?? embedded?.urlFor('beurs') ?? '', 1);
try {
  const input = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  process.stderr.write(`New password for ${username}: `);
  const plain = ((await input[Symbol.asyncIterator]().next()).value ?? '').replace(/\r?\n$/, '');
  input.close();
  // The customers' rule for new passwords (NIST SP 800-63B: length, blocklist, own name).
  const problem = newPasswordProblem(plain, [username]);
  if (problem) throw new Error(translate('en', problem));
  const passwordHash = await hashPassword(plain);
  const done = await db.transaction(async (tx) => {
    const [op] = await tx
      .update(operators)
      .set({ passwordHash })
      .where(eq(operators.username, username.toLowerCase()))
      .returning({ id: operators.id });
    if (!op) return false;
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.operatorId, op.id), isNull(sessions.revokedAt)));
    return true;
  });
  if (!done) throw new Error(`no operator named ${username}`);
  console.error(`password of ${username} changed; its sessions are signed out`);
} catch (err) {
  console.error(`operator: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.$client.end();
  await embedded?.stop();
}
process.exit(process.exitCode ?? 0);
