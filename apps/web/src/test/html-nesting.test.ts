import { describe, expect, it } from 'vitest';
import { nestingProblemsIn } from './html-nesting';

function problemsOf(html: string): string[] {
  const container = document.createElement('div');
  // Built node by node from a template, not parsed: the parser would repair what these tests want to see reported.
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<(\/?)([a-z0-9]+)/g, '<$1x-$2');
  const rebuild = (from: Node, into: Node): void => {
    for (const child of from.childNodes) {
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = document.createElement((child as Element).localName.slice(2));
      into.appendChild(element);
      rebuild(child, element);
    }
  };
  rebuild(template.content, container);
  return nestingProblemsIn(container);
}

describe('HTML nesting read off a DOM', () => {
  it('finds a block inside a paragraph, even deep inside its phrasing content', () => {
    expect(problemsOf('<p><span><div></div></span></p>')).toEqual(['<div> cannot be a descendant of <p>.']);
    expect(problemsOf('<p><p></p></p>')).toEqual(['<p> cannot be a descendant of <p>.']);
    expect(problemsOf('<p><ul></ul></p>')).toEqual(['<ul> cannot be a descendant of <p>.']);
  });

  it('lets a button or a table cell hold blocks inside a paragraph, as the parser does', () => {
    expect(problemsOf('<p><button><div></div></button></p>')).toEqual([]);
    expect(problemsOf('<p><span></span></p><div><p></p></div>')).toEqual([]);
  });

  it('finds a link in a link, a button in a button and a form in a form', () => {
    expect(problemsOf('<a><span><a></a></span></a>')).toEqual(['<a> cannot be a descendant of <a>.']);
    expect(problemsOf('<button><button></button></button>')).toEqual(['<button> cannot be a descendant of <button>.']);
    expect(problemsOf('<form><div><form></form></div></form>')).toEqual(['<form> cannot be a descendant of <form>.']);
  });

  it('finds a list item in a list item, but not in a list nested in one', () => {
    expect(problemsOf('<ul><li><li></li></li></ul>')).toEqual(['<li> cannot be a descendant of <li>.']);
    expect(problemsOf('<ul><li><div><li></li></div></li></ul>')).toEqual(['<li> cannot be a descendant of <li>.']);
    expect(problemsOf('<ul><li><ol><li></li></ol></li></ul>')).toEqual([]);
    expect(problemsOf('<dl><dt><dd></dd></dt></dl>')).toEqual(['<dd> cannot be a descendant of <dt>.']);
  });

  it("keeps a table's parts in their parents", () => {
    expect(problemsOf('<table><tbody><tr><td></td></tr></tbody></table>')).toEqual([]);
    expect(problemsOf('<table><tr></tr></table>')).toEqual(['<tr> cannot be a child of <table>.']);
    expect(problemsOf('<table><tbody><div></div></tbody></table>')).toEqual(['<div> cannot be a child of <tbody>.']);
    expect(problemsOf('<div><td></td></div>')).toEqual(['<td> cannot be a child of <div>.']);
  });

  it('finds a heading directly in a heading', () => {
    expect(problemsOf('<h2><h3></h3></h2>')).toEqual(['<h3> cannot be a child of <h2>.']);
  });
});
