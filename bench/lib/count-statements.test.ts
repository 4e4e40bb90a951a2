import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { countStatements, watchQueries } from './count-statements.js';

// A client never connected: its queries wait in its queue for ever, after the wrapper has seen them (not awaited).
const send = (client: pg.Client, ...args: unknown[]) => {
  void (client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch(() => undefined);
};

describe('watchQueries', () => {
  it('sees the text and values of both ways of calling query, until it is stopped', async () => {
    const client = new pg.Client();
    const seen: Array<[string, unknown[] | undefined]> = [];
    const stop = watchQueries((text, values) => seen.push([text, values]));
    send(client, 'select $1', [1]);
    send(client, { text: 'select trade_open_batch($1)', values: [['a']] });
    stop();
    send(client, 'select 2');
    expect(seen).toEqual([
      ['select $1', [1]],
      ['select trade_open_batch($1)', [['a']]],
    ]);
  });
});

describe('countStatements', () => {
  it('counts by function name or first words, only while counting', async () => {
    const client = new pg.Client();
    const counter = countStatements();
    send(client, 'select 0');
    await counter.during(async () => {
      send(client, { text: 'select trade_open_batch($1) as results', values: [] });
      send(client, 'insert into "users" (x) values (1)');
      send(client, 'BEGIN');
    });
    expect(counter.per(1)).toEqual({
      byKind: { 'select trade_open_batch(...)': 1, 'insert into users': 1, begin: 1 },
      total: 3,
    });
  });
});
