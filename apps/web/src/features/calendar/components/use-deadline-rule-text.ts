import type { DeadlineRuleDto } from '@vatlas/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/format';

type DueDateRule = DeadlineRuleDto['dueDate'];

/**
 * A filing's deadline rule in words, in the interface language, built from the rule the API answers so the words
 * can never disagree with the due date: "The 10th of the month after the period, moved to the next working day when
 * it falls on a weekend or public holiday."
 */
export function useDeadlineRuleText(): (rule: DeadlineRuleDto) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (rule) => {
      const month = (monthsAfter: number) =>
        monthsAfter === 1
          ? t('calendar.rule.nextMonth')
          : t('calendar.rule.nthMonth', { ordinal: format.ordinal(monthsAfter) });
      const ruleText = (dueDate: DueDateRule): string => {
        switch (dueDate.kind) {
          case 'day-of-month': {
            const day = format.dayOrdinal(dueDate.day);
            // Grouped by day, so Sweden reads "the 17th in January and August".
            const monthsByDay = new Map<number, number[]>();
            for (const exception of dueDate.dueMonthExceptions ?? []) {
              monthsByDay.set(exception.day, [...(monthsByDay.get(exception.day) ?? []), exception.month]);
            }
            const exceptions = [...monthsByDay].map(([exceptionDay, months]) =>
              t('calendar.rule.exception', {
                day: format.dayOrdinal(exceptionDay),
                months: format.list(months.map((month) => format.monthName(month))),
              }),
            );
            return exceptions.length === 0
              ? t('calendar.rule.dayOfMonth', { day, month: month(dueDate.monthsAfter) })
              : t('calendar.rule.dayOfMonthExcept', {
                  day,
                  month: month(dueDate.monthsAfter),
                  exceptions: exceptions.join('; '),
                });
          }
          case 'last-day-of-month':
            return t('calendar.rule.lastDay', { month: month(dueDate.monthsAfter) });
          case 'last-working-day':
            return t('calendar.rule.lastWorkingDay', { month: month(dueDate.monthsAfter) });
          case 'working-day-of-month':
            return t('calendar.rule.workingDay', {
              ordinal: format.ordinal(dueDate.workingDay),
              month: month(dueDate.monthsAfter),
            });
          case 'days-after':
            return t('calendar.rule.daysAfter', { count: dueDate.days });
          case 'month-and-days-after': {
            const months = t('calendar.rule.months', { count: dueDate.months });
            return dueDate.days === 0
              ? t('calendar.rule.monthsAfter', { months })
              : t('calendar.rule.monthsAndDaysAfter', {
                  months,
                  days: t('calendar.rule.days', { count: dueDate.days }),
                });
          }
        }
      };
      const text = ruleText(rule.dueDate);
      // A rule that lands on a working day already cannot fall on a weekend or holiday.
      const canFallOnClosedDay =
        rule.dueDate.kind !== 'last-working-day' && rule.dueDate.kind !== 'working-day-of-month';
      const sentence = canFallOnClosedDay
        ? t('calendar.rule.withShift', { rule: text, shift: t(`calendar.rule.shift.${rule.shift}`) })
        : t('calendar.rule.plain', { rule: text });
      return sentence.charAt(0).toLocaleUpperCase(format.locale) + sentence.slice(1);
    },
    [format, t],
  );
}
