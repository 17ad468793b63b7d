import base from './de.json';
import { mountAreas } from './languages';

export const locale = mountAreas('de', base, import.meta.glob('./de/*.json', { eager: true, import: 'default' }));
