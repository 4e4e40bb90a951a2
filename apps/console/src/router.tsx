/**
 * Hash routes, so the built files work wherever they are served (/console/ on the API server,
 * vite preview, a static host) without a server-side fallback.
 */
import { createHashRouter, Navigate } from 'react-router';
import { RequireSession } from './components/layout';
import { RouteError } from './components/route-error';
import { ApprovalsPage } from './pages/approvals';
import { ArticlesPage } from './pages/articles';
import { AuctionOrdersPage } from './pages/auction-orders';
import { AuditPage } from './pages/audit';
import { AwardsPage } from './pages/awards';
import { BlockPermissionQueuePage } from './pages/block-permissions';
import { BondsPage } from './pages/bonds';
import { BooksPage } from './pages/books';
import { CustomerPage } from './pages/customer';
import { CustomersPage } from './pages/customers';
import { DepositChannelsPage } from './pages/deposit-channels';
import { FundsPage } from './pages/funds';
import { LoanQueuePage } from './pages/loans';
import { LoginPage } from './pages/login';
import { NotFoundPage } from './pages/not-found';
import { OfferingsPage } from './pages/offerings';
import { OfferingPage } from './pages/offerings/detail';
import { OutboxPage } from './pages/outbox';
import { PlacingsPage } from './pages/placings';
import { DepositQueuePage, KycQueuePage, WithdrawalQueuePage } from './pages/reviews';
import { SecurityPage } from './pages/security';
import { StrategiesPage } from './pages/strategies';
import { StrategyPage } from './pages/strategies/detail';
import { SupportConversationPage, SupportInboxPage } from './pages/support';
import { SupportRepliesPage } from './pages/support-replies';
import { TradingSettingsPage } from './pages/trading-settings';

export const router = createHashRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/customers" replace /> },
      { path: 'customers', element: <CustomersPage /> },
      { path: 'customers/:id', element: <CustomerPage /> },
      { path: 'kyc', element: <KycQueuePage /> },
      { path: 'deposits', element: <DepositQueuePage /> },
      { path: 'withdrawals', element: <WithdrawalQueuePage /> },
      { path: 'block-permissions', element: <BlockPermissionQueuePage /> },
      { path: 'loans', element: <LoanQueuePage /> },
      { path: 'support', element: <SupportInboxPage /> },
      { path: 'support/:id', element: <SupportConversationPage /> },
      { path: 'support-replies', element: <SupportRepliesPage /> },
      { path: 'approvals', element: <ApprovalsPage /> },
      { path: 'deposit-channels', element: <DepositChannelsPage /> },
      { path: 'awards', element: <AwardsPage /> },
      { path: 'articles', element: <ArticlesPage /> },
      { path: 'trading-settings', element: <TradingSettingsPage /> },
      { path: 'offerings', element: <OfferingsPage /> },
      { path: 'offerings/:id', element: <OfferingPage /> },
      { path: 'placings', element: <PlacingsPage /> },
      { path: 'auction-orders', element: <AuctionOrdersPage /> },
      { path: 'bonds', element: <BondsPage /> },
      { path: 'funds', element: <FundsPage /> },
      { path: 'strategies', element: <StrategiesPage /> },
      { path: 'strategies/:id', element: <StrategyPage /> },
      { path: 'books', element: <BooksPage /> },
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'security', element: <SecurityPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
