import { apiPaths, calendarFeedSchema, filingListSchema } from '@vatlas/contract';
import { addIsoDays } from '@vatlas/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { filingReminders, filings, users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, createTestProvider } from '../../test/test-app';
import { ensureExchangeRates } from '../exchange-rates/service';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  type Person,
  signIn,
} from '../user/account-test-kit';
import { upsertNotificationSetting } from '../user/notification-repository';
import { sendDueReminders } from './reminder-service';
import { claimReminder } from './repository';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;

/** A company registered in DE (monthly) with OSS and sales in March 2023, so it has filings to plan. */
async function createCompanyWithFilings(
  db: Db,
  input: { tenantId: string; name: string; owners: Person[]; members?: Person[] },
) {
  const companyId = await createCompany(db, input);
  await setUpTaxProfile(db, companyId, {
    establishmentCountry: 'DE',
    oss: { memberState: 'DE', from: '2021-07-01' },
    registrations: [{ country: 'DE', frequency: 'monthly' }],
  });
  await insertTransactions(db, {
    companyId,
    uploadId: await insertUpload(db, companyId),
    profile: PROFILE,
    rows: [
      transactionFixture({ taxPointDate: '2023-03-10' }),
      transactionFixture({
        eventId: 'fr-b2c',
        taxPointDate: '2023-03-15',
        arrivalCountry: 'FR',
        taxableJurisdiction: 'FR',
        netAmount: '50.00',
        vatAmount: '10.00',
        grossAmount: '60.00',
        vatRate: '0.2',
      }),
    ],
  });
  await recomputeTaxPosition(db, companyId);
  return companyId;
}

const parseEvents = (body: string) =>
  new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

forEachDatabase('calendar feed', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    const provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    const tenantId = await createHomeTenant(db);
    const owner = await createPerson(db, { tenantId, label: 'feed-owner', issuer: config.auth.issuer });
    const outsider = await createPerson(db, { tenantId, label: 'feed-outsider', issuer: config.auth.issuer });
    companyId = await createCompanyWithFilings(db, { tenantId, name: 'Nordlicht GmbH, Hamburg', owners: [owner] });
    await createCompanyWithFilings(db, { tenantId, name: 'Someone Else SARL', owners: [outsider] });
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
  });

  const getFeed = async () => {
    const response = await app.inject({ method: 'GET', url: apiPaths.calendarFeed, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return calendarFeedSchema.parse(response.json());
  };
  const fetchIcs = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

  it('gives the signed-in user one secret URL under the public URL, the same on every call', async () => {
    const first = await getFeed();
    expect(first.url).toMatch(new RegExp(`^${config.publicUrl}/api/v1/Calendar/Feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await getFeed()).url).toBe(first.url);
  });

  it('serves every filing of the user’s companies, and none of other companies, as all-day events', async () => {
    const response = await fetchIcs((await getFeed()).url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Vatlas//Filings calendar//EN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Vatlas – filing deadlines');

    const listed = filingListSchema.parse(
      (await app.inject({ method: 'GET', url: apiPaths.filings(companyId), headers: bearer(token) })).json(),
    ).items;
    expect(listed.length).toBeGreaterThan(3);
    const events = parseEvents(response.body);
    expect(events.map((event) => event.uid).sort()).toEqual(
      listed.map((filing) => `filing-${filing.id}@vatlas`).sort(),
    );
    for (const filing of listed) {
      const event = events.find((candidate) => candidate.uid === `filing-${filing.id}@vatlas`);
      if (!event) throw new Error(`no event for ${filing.id}`);
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(filing.dueDate);
      expect(event.endDate.toString()).toBe(addIsoDays(filing.dueDate, 1));
      expect(event.summary).toMatch(new RegExp(`^${filing.jurisdiction} .+ — Nordlicht GmbH, Hamburg$`));
      expect(event.description).toContain(`${filing.amountLocal} ${filing.currency}`);
      expect(event.description).toContain(`${config.publicUrl}/calendar`);
    }
    const marchReturn = listed.find(
      (filing) => filing.filingType === 'vat-return' && filing.periodStart === '2023-03-01',
    );
    expect(events.find((event) => event.uid === `filing-${marchReturn?.id}@vatlas`)?.summary).toBe(
      'DE VAT return 2023-03 — Nordlicht GmbH, Hamburg',
    );
    expect(response.body).not.toContain('Someone Else');
  });

  it('rotates: the new URL works, the old one answers 404', async () => {
    const old = await getFeed();
    const response = await app.inject({ method: 'POST', url: apiPaths.rotateCalendarFeed, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const rotated = calendarFeedSchema.parse(response.json());
    expect(rotated.url).not.toBe(old.url);
    expect((await getFeed()).url).toBe(rotated.url);
    expect((await fetchIcs(old.url)).statusCode).toBe(404);
    expect((await fetchIcs(rotated.url)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed secret, and 401 for the feed URL without sign-in', async () => {
    const unknown = await app.inject({ method: 'GET', url: apiPaths.calendarFeedIcs('x'.repeat(43)) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'calendar_feed_not_found' });
    expect((await app.inject({ method: 'GET', url: apiPaths.calendarFeedIcs('short') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: apiPaths.calendarFeed })).statusCode).toBe(401);
  });
});

forEachDatabase('deadline reminders', (context) => {
  const config = createTestConfig();
  let db: Db;
  let companyId: string;
  let owner: Person;
  let german: Person;
  let disabled: Person;
  let oneDay: Person;
  const mailer = createRecordingMailer();
  const at = (iso: string) => () => new Date(`${iso}T09:00:00Z`);
  const run = (today: string) => sendDueReminders({ db, mailer, publicUrl: 'https://app.test', now: at(today) });
  const mailsTo = (person: Person) => mailer.sent.filter((mail) => mail.to === person.email);

  beforeAll(async () => {
    db = context.database.db;
    await ensureExchangeRates(context.database);
    const tenantId = await createHomeTenant(db);
    const person = (label: string) => createPerson(db, { tenantId, label, issuer: config.auth.issuer });
    owner = await person('reminder-owner');
    german = await person('reminder-german');
    disabled = await person('reminder-disabled');
    oneDay = await person('reminder-one-day');
    await db.update(users).set({ language: 'de' }).where(eq(users.id, german.id));
    await upsertNotificationSetting(db, {
      userId: disabled.id,
      type: 'deadline-reminders',
      channel: 'email',
      enabled: false,
      daysBefore: 7,
    });
    await upsertNotificationSetting(db, {
      userId: oneDay.id,
      type: 'deadline-reminders',
      channel: 'email',
      enabled: true,
      daysBefore: 1,
    });
    companyId = await createCompanyWithFilings(db, {
      tenantId,
      name: 'Erinnerung AG',
      owners: [owner],
      members: [german, disabled, oneDay],
    });
  });

  const marchReturn = async () => {
    const [row] = await db
      .select()
      .from(filings)
      .where(
        and(
          eq(filings.companyId, companyId),
          eq(filings.filingType, 'vat-return'),
          eq(filings.periodStart, '2023-03-01'),
        ),
      );
    if (!row) throw new Error('no March return');
    return row;
  };

  it('mails each user once per filing due within their days, in their language, even with two runs at once', async () => {
    // 5 April 2023: the March return (due 11 April, after Easter Monday) is within the default 7 days.
    const [first, second] = await Promise.all([run('2023-04-05'), run('2023-04-05')]);
    const march = await marchReturn();
    expect(march.dueDate).toBe('2023-04-11');

    const ownerMails = mailsTo(owner);
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]?.text).toContain('DE VAT return 2023-03 — Erinnerung AG: due 2023-04-11 (due in 6 days)');
    expect(ownerMails[0]?.text).toContain('https://app.test/calendar');
    const germanMails = mailsTo(german);
    expect(germanMails).toHaveLength(1);
    expect(germanMails[0]?.text).toContain(
      'DE Umsatzsteuer-Voranmeldung 2023-03 — Erinnerung AG: fällig am 2023-04-11',
    );
    expect(mailsTo(disabled)).toHaveLength(0);
    // One day before: 11 April is six days away.
    expect(mailsTo(oneDay)).toHaveLength(0);
    expect((first?.mails ?? 0) + (second?.mails ?? 0)).toBe(2);

    // The next hour, and the next day: nothing new to remind of.
    await run('2023-04-05');
    await run('2023-04-06');
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(german)).toHaveLength(1);
  });

  it('skips filed filings and reminds again once reopened', async () => {
    const march = await marchReturn();
    await db
      .update(filings)
      .set({ filedOn: '2023-04-09', filingReference: 'ELSTER-1' })
      .where(eq(filings.id, march.id));
    await run('2023-04-10');
    expect(mailsTo(oneDay)).toHaveLength(0);

    await db.update(filings).set({ filedOn: null, filingReference: null }).where(eq(filings.id, march.id));
    await run('2023-04-10');
    const oneDayMails = mailsTo(oneDay);
    expect(oneDayMails).toHaveLength(1);
    expect(oneDayMails[0]?.subject).toBe('Reminder: DE VAT return 2023-03 — Erinnerung AG due 2023-04-11');
    expect(mailsTo(owner)).toHaveLength(1);
  });

  /**
   * A person owning a company registered in Portugal, quarterly, with a sale in its first quarter of 2023: a return
   * due 22 May 2023 whose VAT is paid by 25 May (decision 050).
   */
  const setUpPortugueseSeller = async (label: string, name: string) => {
    const tenantId = (await db.select().from(users).where(eq(users.id, owner.id)))[0]?.tenantId ?? '';
    const payer = await createPerson(db, { tenantId, label, issuer: config.auth.issuer });
    const portuguese = await createCompany(db, { tenantId, name, owners: [payer] });
    await setUpTaxProfile(db, portuguese, {
      establishmentCountry: 'DE',
      registrations: [{ country: 'PT', frequency: 'quarterly' }],
    });
    await insertTransactions(db, {
      companyId: portuguese,
      uploadId: await insertUpload(db, portuguese),
      profile: PROFILE,
      rows: [transactionFixture({ taxPointDate: '2023-02-10' })],
    });
    await recomputeTaxPosition(db, portuguese);
    return { payer, portuguese };
  };

  it('reminds of a payment on its own day, filed or not, where the VAT is paid after the return (decision 050)', async () => {
    const { payer, portuguese } = await setUpPortugueseSeller('reminder-payer', 'Pagamento Lda');

    // 15 May 2023: the first quarter is due 22 May (the 20th is a Saturday), within 7 days; its payment, 25 May, not.
    await run('2023-05-15');
    expect(mailsTo(payer).map((mail) => mail.subject)).toEqual([
      'Reminder: PT VAT return 2023-Q1 — Pagamento Lda due 2023-05-22',
    ]);
    expect(mailsTo(payer)[0]?.text).not.toContain('payment due');

    // Filed on the 19th: the payment is still to be made, and reminded of once its day is within 7 days.
    await db
      .update(filings)
      .set({ filedOn: '2023-05-19', filingReference: 'AT-2023-Q1' })
      .where(
        and(eq(filings.companyId, portuguese), eq(filings.jurisdiction, 'PT'), eq(filings.periodStart, '2023-01-01')),
      );
    await run('2023-05-19');
    await run('2023-05-20');
    const mails = mailsTo(payer);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Reminder: PT VAT return 2023-Q1 — Pagamento Lda due 2023-05-22',
      'Reminder: payment for PT VAT return 2023-Q1 — Pagamento Lda due 2023-05-25',
    ]);
    expect(mails[1]?.text).toContain('the VAT of these returns is to be paid soon:');
    expect(mails[1]?.text).toContain('• PT VAT return 2023-Q1 — Pagamento Lda: payment due 2023-05-25 (due in 6 days)');
  });

  it('leaves a payment marked paid out of the reminders, and reminds of it once the mark is undone (decision 051)', async () => {
    const { payer, portuguese } = await setUpPortugueseSeller('reminder-early-payer', 'Pago Cedo Lda');
    const firstQuarter = and(
      eq(filings.companyId, portuguese),
      eq(filings.jurisdiction, 'PT'),
      eq(filings.periodStart, '2023-01-01'),
    );

    // Filed and paid on the 12th, before either reminder: nothing is left to remind of.
    await db
      .update(filings)
      .set({ filedOn: '2023-05-12', filingReference: 'AT-2023-Q1', paidOn: '2023-05-12' })
      .where(firstQuarter);
    await run('2023-05-19');
    await run('2023-05-20');
    expect(mailsTo(payer)).toEqual([]);

    // The mark undone (entered by mistake): the payment is reminded of on the next run.
    await db.update(filings).set({ paidOn: null }).where(firstQuarter);
    await run('2023-05-21');
    expect(mailsTo(payer).map((mail) => mail.subject)).toEqual([
      'Reminder: payment for PT VAT return 2023-Q1 — Pago Cedo Lda due 2023-05-25',
    ]);
  });

  it('claims no reminder of a filing or for a user gone since they were listed, and goes on', async () => {
    const march = await marchReturn();
    const gone = '00000000-0000-4000-8000-000000000000';
    // Before, the foreign key's error ended the run, and no user after this one was reminded.
    expect(await claimReminder(db, { userId: owner.id, filingId: gone, dueDate: '2023-04-11' })).toBe(false);
    expect(await claimReminder(db, { userId: gone, filingId: march.id, dueDate: '2023-04-11' })).toBe(false);
    const claims = await db.select().from(filingReminders).where(eq(filingReminders.dueDate, '2023-04-11'));
    expect(claims.filter((row) => row.filingId === gone || row.userId === gone)).toEqual([]);
  });

  it('gives the claim back when the mail cannot be sent', async () => {
    const failing = {
      async send() {
        throw new Error('relay down');
      },
    };
    const newcomer = await createPerson(db, {
      tenantId: (await db.select().from(users).where(eq(users.id, owner.id)))[0]?.tenantId ?? '',
      label: 'reminder-newcomer',
      issuer: config.auth.issuer,
    });
    const { companyUsers } = await import('../../db/schema');
    await db.insert(companyUsers).values({ companyId, userId: newcomer.id, role: 'member' });
    const failed = await sendDueReminders({
      db,
      mailer: failing,
      publicUrl: 'https://app.test',
      now: at('2023-04-10'),
    });
    expect(failed.failedMails).toBe(1);
    await run('2023-04-10');
    expect(mailsTo(newcomer)).toHaveLength(1);
  });
});
