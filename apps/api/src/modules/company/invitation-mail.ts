import { LANGUAGES, type Language } from '@vatlas/contract';
import type { OutgoingMail } from '../mail/mailer';

type InvitationTexts = { subject: string; lines: string[] };

const TEXTS: Record<Language, (companyName: string, signInUrl: string) => InvitationTexts> = {
  en: (companyName, signInUrl) => ({
    subject: `You have been added to ${companyName} on Vatlas`,
    lines: [
      'Hello,',
      '',
      `You have been added to ${companyName} on Vatlas.`,
      `Sign in with this e-mail address: ${signInUrl}`,
      '',
      'The Vatlas team',
    ],
  }),
  de: (companyName, signInUrl) => ({
    subject: `Sie wurden zu ${companyName} auf Vatlas hinzugefügt`,
    lines: [
      'Guten Tag,',
      '',
      `Sie wurden zu ${companyName} auf Vatlas hinzugefügt.`,
      `Melden Sie sich mit dieser E-Mail-Adresse an: ${signInUrl}`,
      '',
      'Ihr Vatlas-Team',
    ],
  }),
  fr: (companyName, signInUrl) => ({
    subject: `Vous avez été ajouté à ${companyName} sur Vatlas`,
    lines: [
      'Bonjour,',
      '',
      `Vous avez été ajouté à ${companyName} sur Vatlas.`,
      `Connectez-vous avec cette adresse e-mail : ${signInUrl}`,
      '',
      'L’équipe Vatlas',
    ],
  }),
  it: (companyName, signInUrl) => ({
    subject: `Sei stato aggiunto a ${companyName} su Vatlas`,
    lines: [
      'Buongiorno,',
      '',
      `sei stato aggiunto a ${companyName} su Vatlas.`,
      `Accedi con questo indirizzo e-mail: ${signInUrl}`,
      '',
      'Il team di Vatlas',
    ],
  }),
  es: (companyName, signInUrl) => ({
    subject: `Te han añadido a ${companyName} en Vatlas`,
    lines: [
      'Hola:',
      '',
      `Te han añadido a ${companyName} en Vatlas.`,
      `Inicia sesión con esta dirección de correo electrónico: ${signInUrl}`,
      '',
      'El equipo de Vatlas',
    ],
  }),
  pl: (companyName, signInUrl) => ({
    subject: `Dodano Cię do firmy ${companyName} w Vatlas`,
    lines: [
      'Dzień dobry,',
      '',
      `dodano Cię do firmy ${companyName} w Vatlas.`,
      `Zaloguj się przy użyciu tego adresu e-mail: ${signInUrl}`,
      '',
      'Zespół Vatlas',
    ],
  }),
};

function buildTexts(language: string, companyName: string, signInUrl: string): InvitationTexts {
  const known = LANGUAGES.find((candidate) => candidate === language) ?? 'en';
  return TEXTS[known](companyName, signInUrl);
}

/** The e-mail an added person receives, in the language they were added with (one of the six; English otherwise). */
export function composeInvitationMail(input: {
  to: string;
  language: string;
  companyName: string;
  publicUrl: string;
}): OutgoingMail {
  const signInUrl = `${input.publicUrl}/login`;
  const texts = buildTexts(input.language, input.companyName, signInUrl);
  return { to: input.to, subject: texts.subject, text: `${texts.lines.join('\n')}\n` };
}
