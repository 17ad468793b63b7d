import { LANGUAGES, type Language } from '@vatlas/contract';
import type { OutgoingMail } from '../mail/mailer';

type MailTexts = { subject: string; body: string[] };
type ComposeTexts = (companyName: string, signInUrl: string) => MailTexts;

/**
 * userCreationType 2: the address has no Vatlas account yet. The person may not know Vatlas, so the mail says what
 * it is and that this address is the one to sign in with the first time (that links the invitation to them).
 */
const INVITATION_TEXTS: Record<Language, ComposeTexts> = {
  en: (companyName, signInUrl) => ({
    subject: `You are invited to ${companyName} on Vatlas`,
    body: [
      `You have been invited to work on ${companyName} in Vatlas, the VAT compliance workspace.`,
      `Use this e-mail address when you sign in for the first time: ${signInUrl}`,
    ],
  }),
  de: (companyName, signInUrl) => ({
    subject: `Einladung zu ${companyName} auf Vatlas`,
    body: [
      `Sie wurden eingeladen, in Vatlas, dem Arbeitsbereich für die Umsatzsteuer-Compliance, bei ${companyName} mitzuarbeiten.`,
      `Verwenden Sie diese E-Mail-Adresse, wenn Sie sich zum ersten Mal anmelden: ${signInUrl}`,
    ],
  }),
  fr: (companyName, signInUrl) => ({
    subject: `Invitation à rejoindre ${companyName} sur Vatlas`,
    body: [
      `Vous êtes invité à travailler sur ${companyName} dans Vatlas, l’espace de travail de conformité TVA.`,
      `Utilisez cette adresse e-mail lors de votre première connexion : ${signInUrl}`,
    ],
  }),
  it: (companyName, signInUrl) => ({
    subject: `Invito a ${companyName} su Vatlas`,
    body: [
      `ti invitiamo a lavorare su ${companyName} in Vatlas, lo spazio di lavoro per la conformità IVA.`,
      `Usa questo indirizzo e-mail quando accedi per la prima volta: ${signInUrl}`,
    ],
  }),
  es: (companyName, signInUrl) => ({
    subject: `Invitación a ${companyName} en Vatlas`,
    body: [
      `Te invitamos a trabajar en ${companyName} en Vatlas, el espacio de trabajo para el cumplimiento del IVA.`,
      `Usa esta dirección de correo electrónico cuando inicies sesión por primera vez: ${signInUrl}`,
    ],
  }),
  pl: (companyName, signInUrl) => ({
    subject: `Zaproszenie do firmy ${companyName} w Vatlas`,
    body: [
      `zapraszamy Cię do pracy przy firmie ${companyName} w Vatlas, przestrzeni roboczej do rozliczeń VAT.`,
      `Przy pierwszym logowaniu użyj tego adresu e-mail: ${signInUrl}`,
    ],
  }),
};

/** userCreationType 1: the person already has a Vatlas account; a short notice that the company is now theirs too. */
const ADDED_NOTICE_TEXTS: Record<Language, ComposeTexts> = {
  en: (companyName, signInUrl) => ({
    subject: `You have been added to ${companyName} on Vatlas`,
    body: [`You have been added to ${companyName} on Vatlas.`, `Sign in to work on it: ${signInUrl}`],
  }),
  de: (companyName, signInUrl) => ({
    subject: `Sie wurden zu ${companyName} auf Vatlas hinzugefügt`,
    body: [
      `Sie wurden zu ${companyName} auf Vatlas hinzugefügt.`,
      `Melden Sie sich an, um damit zu arbeiten: ${signInUrl}`,
    ],
  }),
  fr: (companyName, signInUrl) => ({
    subject: `Vous avez été ajouté à ${companyName} sur Vatlas`,
    body: [`Vous avez été ajouté à ${companyName} sur Vatlas.`, `Connectez-vous pour y accéder : ${signInUrl}`],
  }),
  it: (companyName, signInUrl) => ({
    subject: `Sei stato aggiunto a ${companyName} su Vatlas`,
    body: [`sei stato aggiunto a ${companyName} su Vatlas.`, `Accedi per iniziare a lavorarci: ${signInUrl}`],
  }),
  es: (companyName, signInUrl) => ({
    subject: `Te han añadido a ${companyName} en Vatlas`,
    body: [`Te han añadido a ${companyName} en Vatlas.`, `Inicia sesión para empezar a trabajar: ${signInUrl}`],
  }),
  pl: (companyName, signInUrl) => ({
    subject: `Dodano Cię do firmy ${companyName} w Vatlas`,
    body: [`dodano Cię do firmy ${companyName} w Vatlas.`, `Zaloguj się, aby rozpocząć pracę: ${signInUrl}`],
  }),
};

/** Every mail of this module opens and closes the same way in each language. */
const GREETING_AND_SIGN_OFF: Record<Language, { greeting: string; signOff: string }> = {
  en: { greeting: 'Hello,', signOff: 'The Vatlas team' },
  de: { greeting: 'Guten Tag,', signOff: 'Ihr Vatlas-Team' },
  fr: { greeting: 'Bonjour,', signOff: 'L’équipe Vatlas' },
  it: { greeting: 'Buongiorno,', signOff: 'Il team di Vatlas' },
  es: { greeting: 'Hola:', signOff: 'El equipo de Vatlas' },
  pl: { greeting: 'Dzień dobry,', signOff: 'Zespół Vatlas' },
};

type MailInput = { to: string; language: string; companyName: string; publicUrl: string };

function compose(texts: Record<Language, ComposeTexts>, input: MailInput): OutgoingMail {
  const language = LANGUAGES.find((candidate) => candidate === input.language) ?? 'en';
  const { subject, body } = texts[language](input.companyName, `${input.publicUrl}/login`);
  const { greeting, signOff } = GREETING_AND_SIGN_OFF[language];
  const lines = [greeting, '', ...body, '', signOff];
  return { to: input.to, subject, text: `${lines.join('\n')}\n` };
}

/**
 * The invitation a new address receives (userCreationType 2), in the language the adder chose (one of the six;
 * English otherwise).
 */
export function composeInvitationMail(input: MailInput): OutgoingMail {
  return compose(INVITATION_TEXTS, input);
}

/** The notice an existing Vatlas user receives when added to a company (userCreationType 1), in their language. */
export function composeAddedNoticeMail(input: MailInput): OutgoingMail {
  return compose(ADDED_NOTICE_TEXTS, input);
}
