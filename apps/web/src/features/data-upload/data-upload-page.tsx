import { PageNotAvailable } from '../../components/ui/page-not-available';

export function DataUploadPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
