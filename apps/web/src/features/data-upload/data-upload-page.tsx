import { Route, Routes } from 'react-router';
import { NewUploadPage } from './pages/new-upload-page';
import { UploadDetailPage } from './pages/upload-detail-page';
import { UploadHistoryPage } from './pages/upload-history-page';

/**
 * `/data-upload/*`: the history (`/data-upload`), a new upload's steps (`/data-upload/new`) and one upload's
 * validation report, import progress and result (`/data-upload/:uploadId`).
 */
export function DataUploadPage({ titleKey }: { titleKey: string }) {
  return (
    <Routes>
      <Route index element={<UploadHistoryPage titleKey={titleKey} />} />
      <Route path="new" element={<NewUploadPage />} />
      <Route path=":uploadId" element={<UploadDetailPage />} />
      {/* Any other nested path shows the history where it is, as the app's unknown paths show the dashboard. */}
      <Route path="*" element={<UploadHistoryPage titleKey={titleKey} />} />
    </Routes>
  );
}
