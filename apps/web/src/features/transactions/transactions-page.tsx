/** The route's entry (the router lazy-loads this file); the page lives in pages/. */
export { TransactionsPage } from './pages/transactions-page';
