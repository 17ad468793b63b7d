export { AnalyticsPage } from './pages/analytics-page';
