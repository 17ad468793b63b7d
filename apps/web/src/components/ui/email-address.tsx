import { Fragment } from 'react';
import { cn } from '../../lib/cn';

/**
 * An e-mail address that wraps, where a narrow column makes it, before the @ and before the dots of its domain
 * (the next line then starts with a sign that says the address goes on), never letter by letter inside a word as
 * `break-all` does. A part still too long for the column breaks where it must. `<wbr>` adds no character: copying
 * the address copies it whole.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domainParts = at < 0 ? [] : email.slice(at + 1).split('.');
  return (
    <span className={cn('wrap-anywhere', className)}>
      {local}
      {domainParts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, fixed in number and order
        <Fragment key={index}>
          <wbr />
          {index === 0 ? '@' : '.'}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
