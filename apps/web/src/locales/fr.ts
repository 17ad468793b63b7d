import base from './fr.json';
import { mountAreas } from './languages';

export const locale = mountAreas('fr', base, import.meta.glob('./fr/*.json', { eager: true, import: 'default' }));
