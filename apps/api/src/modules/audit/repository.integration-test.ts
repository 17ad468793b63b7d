import { expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { createHomeTenant, createPerson } from '../user/account-test-kit';
import { type AuditPageCursor, listAuditEvents, recordAuditEvent } from './repository';

forEachDatabase('audit log repository', (context) => {
  it('lists events newest first with the actor e-mail, filtered, a page at a time', async () => {
    const db = context.database.db;
    const tenantId = await createHomeTenant(db);
    const actor = await createPerson(db, { tenantId, label: 'audit-actor', issuer: 'http://idp.test' });
    await recordAuditEvent(db, { action: 'sign_in', actorUserId: actor.id, tenantId });
    await recordAuditEvent(db, { action: 'token_exchange_failed', details: { reason: 'token_invalid' } });
    await recordAuditEvent(db, {
      action: 'filing_marked_filed',
      actorUserId: actor.id,
      companyId: '00000000-0000-4000-8000-000000000001',
      targetType: 'filing',
      targetId: 'filing-1',
      details: { reference: 'ELSTER-1' },
    });

    const all = await listAuditEvents(db, { limit: 10 });
    expect(all.map((event) => event.action)).toEqual(['filing_marked_filed', 'token_exchange_failed', 'sign_in']);
    expect(all[0]).toMatchObject({ actorEmail: actor.email, targetType: 'filing', details: { reference: 'ELSTER-1' } });
    expect(all[1]).toMatchObject({ actorUserId: null, actorEmail: null, details: { reason: 'token_invalid' } });

    const firstPage = await listAuditEvents(db, { limit: 2 });
    const last = firstPage.at(-1);
    if (!last) throw new Error('the first page is empty');
    const secondPage = await listAuditEvents(db, { limit: 2, after: last.pageKey });
    expect(secondPage.map((event) => event.action)).toEqual(['sign_in']);

    expect((await listAuditEvents(db, { limit: 10, action: 'sign_in' })).map((event) => event.actorUserId)).toEqual([
      actor.id,
    ]);
    expect(await listAuditEvents(db, { limit: 10, companyId: '00000000-0000-4000-8000-000000000001' })).toHaveLength(1);
  });

  it('lists events of the same millisecond in the order they were recorded, newest first, a page at a time', async () => {
    const db = context.database.db;
    const companyId = '00000000-0000-4000-8000-0000000000a7';
    // PGlite's clock counts milliseconds: a few events of these share each time.
    for (let index = 0; index < 30; index += 1) {
      await recordAuditEvent(db, {
        action: 'filing_marked_filed',
        companyId,
        targetType: 'filing',
        targetId: `${index}`,
      });
    }
    const newestFirst = Array.from({ length: 30 }, (_, index) => `${29 - index}`);
    const all = await listAuditEvents(db, { limit: 30, companyId });
    expect(all.map((event) => event.targetId)).toEqual(newestFirst);

    const paged: (string | null)[] = [];
    let after: AuditPageCursor | undefined;
    for (;;) {
      const page = await listAuditEvents(db, { limit: 7, companyId, after });
      paged.push(...page.map((event) => event.targetId));
      after = page.at(-1)?.pageKey;
      if (page.length < 7) break;
    }
    expect(paged).toEqual(newestFirst);
  });
});
