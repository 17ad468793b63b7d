import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type ButtonVariant = 'primary' | 'secondary';

const variants: Record<ButtonVariant, string> = {
  // primary-strong, not primary: white text needs 4.5:1 (see Theme.colors.primaryStrong).
  // Hover darkens (never lightens), so the label keeps at least its resting contrast.
  primary: 'bg-primary-strong text-on-primary hover:brightness-90',
  secondary: 'bg-surface text-fg border border-border hover:bg-gray-100',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        // Colours and the hover's darkening ease in; the opacity of a disabled button does not. A button enabled again
        // after a save would otherwise fade from 60 % back to full for 150 ms, its label below 4.5:1 all that time.
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold',
        'transition-[color,background-color,border-color,filter] motion-reduce:transition-none',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
