import base from './it.json';
import { mountAreas } from './languages';

export const locale = mountAreas('it', base, import.meta.glob('./it/*.json', { eager: true, import: 'default' }));
