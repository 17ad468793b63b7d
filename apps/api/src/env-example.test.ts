import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';

const envExample = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../.env.example'), 'utf8');

describe('.env.example', () => {
  it.each(CONFIG_VARIABLES)('documents %s with its meaning', (variable) => {
    const line = envExample.split('\n').findIndex((text) => new RegExp(`^#?\\s*${variable}=`).test(text));
    expect(line, `${variable} is missing from .env.example`).toBeGreaterThan(0);
    const previous = envExample.split('\n')[line - 1] ?? '';
    const sameLine = envExample.split('\n')[line] ?? '';
    expect(previous.startsWith('#') || sameLine.includes('  # '), `${variable} has no explanation`).toBe(true);
  });
});
