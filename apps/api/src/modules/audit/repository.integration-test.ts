import { expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { createHomeTenant, createPerson } from '../user/account-test-kit';
import { listAuditEvents, recordAuditEvent } from './repository';

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
});
