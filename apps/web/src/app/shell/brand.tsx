import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useTheme } from '../../theme/use-theme';
import { focusRing } from './focus-ring';

function BrandLogo() {
  const { logo } = useTheme().theme.branding;
  if (!logo) return null;
  if ('url' in logo) return <img src={logo.url} alt="" className="h-8 w-auto" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-8 items-center [&>svg]:h-8 [&>svg]:w-auto"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup comes from the deployment's own theme definition (themes.ts), never from users.
      dangerouslySetInnerHTML={{ __html: logo.markup }}
    />
  );
}

/**
 * The current theme's branding: its logo (decorative; the name beside it is the text) and company name. A link home
 * in the workspace; plain text during onboarding, where the dashboard would only send the user back.
 */
export function Brand({ isLink, className }: { isLink: boolean; className?: string }) {
  const { companyName } = useTheme().theme.branding;
  const content = (
    <>
      <BrandLogo />
      <span className="truncate">{companyName}</span>
    </>
  );
  const classes = cn('inline-flex min-w-0 items-center gap-2 rounded text-lg font-bold text-fg', className);
  return isLink ? (
    <Link to={paths.dashboard.getHref()} className={cn(classes, focusRing)}>
      {content}
    </Link>
  ) : (
    <span className={classes}>{content}</span>
  );
}
