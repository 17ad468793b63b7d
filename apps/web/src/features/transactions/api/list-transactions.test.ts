import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../lib/http/http-client';
import { listTransactionsQueryOptions, MAX_PAGES, PAGE_SIZE } from './list-transactions';

const TOTAL_PAGES = MAX_PAGES + 5;

/** A fake API of TOTAL_PAGES pages: cursor `c<n>` fetches page n; rows are named after their absolute index. */
function fakeHttp(requested: (string | undefined)[]): HttpClient {
  return {
    request: async <T>(path: string) => {
      const cursor = new URL(path, 'http://x').searchParams.get('cursor') ?? undefined;
      requested.push(cursor);
      const page = cursor === undefined ? 0 : Number(cursor.slice(1));
      const items = Array.from({ length: PAGE_SIZE }, (_, offset) => ({ id: `row-${page * PAGE_SIZE + offset}` }));
      return { items, nextCursor: page + 1 < TOTAL_PAGES ? `c${page + 1}` : null } as T;
    },
  };
}

describe('the transactions pages in memory', () => {
  it('keeps at most MAX_PAGES pages and fetches a dropped page again through its cursor', async () => {
    const requested: (string | undefined)[] = [];
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(
      client,
      listTransactionsQueryOptions(fakeHttp(requested), 'company-1', { sort: 'date-desc', month: '2099-01' }),
    );
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    for (let page = 1; page < MAX_PAGES + 2; page += 1) await observer.fetchNextPage();

    let data = observer.getCurrentResult().data;
    expect(data?.pages).toHaveLength(MAX_PAGES);
    expect(data?.pages[0]?.index).toBe(2);
    expect(data?.pages.at(-1)?.index).toBe(MAX_PAGES + 1);
    expect(observer.getCurrentResult().hasPreviousPage).toBe(true);

    await observer.fetchPreviousPage();
    data = observer.getCurrentResult().data;
    expect(requested.at(-1)).toBe('c1');
    expect(data?.pages[0]?.index).toBe(1);
    expect(data?.pages[0]?.items[0]?.id).toBe(`row-${PAGE_SIZE}`);
    expect(data?.pages).toHaveLength(MAX_PAGES);

    await observer.fetchPreviousPage();
    data = observer.getCurrentResult().data;
    expect(requested.at(-1)).toBeUndefined();
    expect(data?.pages[0]?.index).toBe(0);
    expect(observer.getCurrentResult().hasPreviousPage).toBe(false);
    unsubscribe();
    client.clear();
  });
});
