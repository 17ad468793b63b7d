import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { toSupportedLanguage } from '../../../lib/i18n/i18n';
import { type SuggestedAddress, useGetAddressSuggestion } from '../api/get-address-suggestion';
import { ADDRESS_SUGGESTIONS_MIN_QUERY, useAddressSuggestions } from '../api/list-address-suggestions';
import { fieldErrorId } from './form-fields';

/** Long enough that a steady typist sends one request per word, short enough to feel immediate. */
export const SUGGESTION_DEBOUNCE_MS = 300;

const newSessionToken = () => crypto.randomUUID();

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The street field as an ARIA 1.2 combobox with address suggestions (list autocomplete, manual selection): typing
 * opens the list, Up/Down move the active option, Enter chooses it, Escape closes. Choosing fills the whole address
 * through `onAddressChosen`; the text stays editable and nothing is chosen without the user.
 */
export function StreetCombobox({
  id,
  label,
  value,
  onChange,
  onAddressChosen,
  error,
  countryCode,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onAddressChosen: (address: SuggestedAddress) => void;
  error?: string;
  countryCode: string | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const listboxId = useId();
  const hintId = `${id}-suggestions-hint`;
  const sessionToken = useRef(newSessionToken());
  // Open only after the user typed: a loaded or just-filled street must not pop a list up by itself.
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const language = toSupportedLanguage(i18n.language) ?? 'en';
  const debounced = useDebounced(value, SUGGESTION_DEBOUNCE_MS);
  const isLongEnough = debounced.trim().length >= ADDRESS_SUGGESTIONS_MIN_QUERY;
  const suggestions = useAddressSuggestions(
    { query: debounced.trim(), country: countryCode ?? undefined, language, sessionToken: sessionToken.current },
    { enabled: isOpen },
  );
  const details = useGetAddressSuggestion();
  const options = isOpen && isLongEnough ? (suggestions.data?.suggestions ?? []) : [];
  const isExpanded = options.length > 0;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  // The list changed under the active option: start again from none rather than point at a different address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever a new answer arrives.
  useEffect(() => setActiveIndex(-1), [suggestions.data]);

  const status = (() => {
    if (announcement) return announcement;
    if (!isOpen || !isLongEnough || suggestions.isFetching) return '';
    if (suggestions.isError) return t('onboarding.businessAddress.suggestions.unavailable');
    if (suggestions.isSuccess) {
      return options.length > 0
        ? t('onboarding.businessAddress.suggestions.count', { count: options.length })
        : t('onboarding.businessAddress.suggestions.none');
    }
    return '';
  })();

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const choose = async (index: number) => {
    const suggestion = options[index];
    if (!suggestion) return;
    close();
    try {
      const address = await details.mutateAsync({
        placeId: suggestion.placeId,
        language,
        sessionToken: sessionToken.current,
      });
      onAddressChosen(address);
      setAnnouncement(t('onboarding.businessAddress.suggestions.filled'));
    } catch {
      setAnnouncement(t('onboarding.businessAddress.suggestions.detailsFailed'));
    } finally {
      // Places bills autocomplete requests and the one details request after them as one session.
      sessionToken.current = newSessionToken();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From "none", Down goes to the first option and Up to the last; both wrap around.
      setActiveIndex((current) =>
        current === -1 ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      // Enter chooses the active suggestion instead of submitting the form.
      event.preventDefault();
      void choose(activeIndex);
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      close();
    }
  };

  const describedBy = [hintId, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');

  return (
    <div className={cn('relative flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'w-full rounded-md border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary',
          error ? 'border-danger' : 'border-border',
        )}
        onChange={(event) => {
          onChange(event.target.value);
          setAnnouncement('');
          setIsOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('onboarding.businessAddress.suggestions.listLabel')}
        hidden={!isExpanded}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-auto rounded-md border border-border bg-surface py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the combobox input (aria-activedescendant), which handles Up/Down/Enter.
          <div
            key={option.placeId}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm text-fg',
              index === activeIndex ? 'bg-primary-light' : 'hover:bg-gray-100',
            )}
            // Keeps the focus in the field, so the click does not first close the list through blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void choose(index)}
          >
            {option.text}
          </div>
        ))}
      </div>
      <p id={hintId} className="text-xs text-fg-secondary">
        {t('onboarding.businessAddress.suggestions.hint', { count: ADDRESS_SUGGESTIONS_MIN_QUERY })}
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
