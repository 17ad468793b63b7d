import { renderHook } from '@testing-library/react';
import type { DeadlineRuleDto } from '@vatlas/contract';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';
import { createTestI18n } from '../../../test/test-i18n';
import { useDeadlineRuleText } from './use-deadline-rule-text';

const ruleText = (rule: Partial<DeadlineRuleDto> & Pick<DeadlineRuleDto, 'dueDate'>, language: SupportedLanguage) => {
  const i18n = createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  const { result } = renderHook(() => useDeadlineRuleText(), { wrapper });
  return result.current({ shift: 'next-working-day', sources: [], isVerified: true, ...rule });
};

describe('useDeadlineRuleText', () => {
  it.each<[string, DeadlineRuleDto['dueDate'], DeadlineRuleDto['shift'], string]>([
    [
      'Germany',
      { kind: 'day-of-month', monthsAfter: 1, day: 10 },
      'next-working-day',
      'The 10th of the month after the period, moved to the next working day when it falls on a weekend or public holiday.',
    ],
    [
      'Sweden',
      {
        kind: 'day-of-month',
        monthsAfter: 2,
        day: 12,
        dueMonthExceptions: [
          { month: 1, day: 17 },
          { month: 8, day: 17 },
        ],
      },
      'next-working-day',
      'The 12th of the 2nd month after the period (the 17th in January and August), moved to the next working day when it falls on a weekend or public holiday.',
    ],
    [
      'the Netherlands',
      { kind: 'last-working-day', monthsAfter: 2 },
      'next-working-day',
      'The last working day of the 2nd month after the period.',
    ],
    [
      'France',
      { kind: 'working-day-of-month', monthsAfter: 1, workingDay: 10 },
      'next-working-day',
      'The 10th working day of the month after the period.',
    ],
    [
      'OSS',
      { kind: 'last-day-of-month', monthsAfter: 1 },
      'none',
      'The last day of the month after the period, not moved for weekends or public holidays.',
    ],
    [
      'Switzerland',
      { kind: 'days-after', days: 60 },
      'next-working-day',
      '60 days after the end of the period, moved to the next working day when it falls on a weekend or public holiday.',
    ],
    [
      'the UK',
      { kind: 'month-and-days-after', months: 1, days: 7 },
      'none',
      '1 month and 7 days after the end of the period, not moved for weekends or public holidays.',
    ],
  ])('says the rule of %s in English', (_country, dueDate, shift, expected) => {
    expect(ruleText({ dueDate, shift }, 'en')).toBe(expected);
  });

  it('says it in German, French and Polish', () => {
    const germanAnnual: DeadlineRuleDto['dueDate'] = { kind: 'last-day-of-month', monthsAfter: 7 };
    expect(ruleText({ dueDate: germanAnnual }, 'de')).toBe(
      'Der letzte Tag des 7. Monats nach dem Zeitraum, auf den nächsten Werktag verschoben, wenn er auf ein Wochenende oder einen Feiertag fällt.',
    );
    expect(ruleText({ dueDate: { kind: 'day-of-month', monthsAfter: 1, day: 10 } }, 'de')).toMatch(
      /^Der 10\. des Monats nach dem Zeitraum, /,
    );
    expect(ruleText({ dueDate: { kind: 'working-day-of-month', monthsAfter: 1, workingDay: 10 } }, 'fr')).toBe(
      'Le 10e jour ouvré du mois suivant la période.',
    );
    expect(ruleText({ dueDate: { kind: 'days-after', days: 60 }, shift: 'none' }, 'pl')).toBe(
      '60 dni po końcu okresu, nieprzesuwany z powodu weekendów ani świąt.',
    );
  });
});
