import { hashPassword, type IdpAccount, type IdpAccountStore, verifyPassword } from '@vatlas/idp';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import { normaliseEmail } from '../user/repository';

type IdpAccountRow = typeof idpAccounts.$inferSelect;

function toAccount(row: IdpAccountRow): IdpAccount {
  return { id: row.id, email: row.email, givenName: row.givenName, familyName: row.familyName };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The embedded provider's accounts, kept in the app database. */
export function createIdpAccountStore(db: Db): IdpAccountStore {
  // Unknown e-mails are checked against a real hash too, so the answer time does not reveal
  // which addresses have accounts.
  let decoyHash: Promise<string> | undefined;
  const getDecoyHash = () => {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    return decoyHash;
  };

  return {
    async findAccountById(id) {
      if (!UUID_PATTERN.test(id)) return undefined;
      const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
      return row ? toAccount(row) : undefined;
    },

    async authenticate(email, password) {
      const [row] = await db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.email, normaliseEmail(email)))
        .limit(1);
      if (!row) {
        await verifyPassword(password, await getDecoyHash());
        return undefined;
      }
      return (await verifyPassword(password, row.passwordHash)) ? toAccount(row) : undefined;
    },
  };
}
