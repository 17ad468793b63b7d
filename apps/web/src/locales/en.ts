import base from './en.json';
import { mountAreas } from './languages';

export const locale = mountAreas('en', base, import.meta.glob('./en/*.json', { eager: true, import: 'default' }));
