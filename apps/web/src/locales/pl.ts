import { mountAreas } from './languages';
import base from './pl.json';

export const locale = mountAreas('pl', base, import.meta.glob('./pl/*.json', { eager: true, import: 'default' }));
