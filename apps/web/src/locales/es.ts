import base from './es.json';
import { mountAreas } from './languages';

export const locale = mountAreas('es', base, import.meta.glob('./es/*.json', { eager: true, import: 'default' }));
