/** What the transactions screen's count says for `count` rows, in English: "1,234 transactions". */
export function transactionsCountText(count: number): string {
  return `${new Intl.NumberFormat('en-GB').format(count)} ${count === 1 ? 'transaction' : 'transactions'}`;
}
