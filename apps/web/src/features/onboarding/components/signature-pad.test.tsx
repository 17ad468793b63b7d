import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { SignaturePad, type SignaturePadHandle, toCanvasPoint } from './signature-pad';

afterEach(cleanup);

/** jsdom has no canvas: a recorder stands in for the 2D context, so the drawing calls are what is checked. */
const drawing = { calls: [] as string[] };
beforeEach(() => {
  drawing.calls = [];
  const context = {
    beginPath: () => drawing.calls.push('beginPath'),
    moveTo: (x: number, y: number) => drawing.calls.push(`moveTo ${x},${y}`),
    lineTo: (x: number, y: number) => drawing.calls.push(`lineTo ${x},${y}`),
    stroke: () => drawing.calls.push('stroke'),
    clearRect: () => drawing.calls.push('clearRect'),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: 280,
    height: 90,
  } as DOMRect);
});

function renderPad() {
  const onChange = vi.fn();
  const ref = createRef<SignaturePadHandle>();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <span id="pad-label">Your signature</span>
      <SignaturePad id="pad" labelledBy="pad-label" onChange={onChange} ref={ref} />
    </I18nextProvider>,
  );
  return { onChange, ref, canvas: screen.getByRole('img', { name: 'Your signature' }) };
}

describe('toCanvasPoint', () => {
  it('scales CSS pixels to canvas pixels', () => {
    expect(toCanvasPoint({ clientX: 150, clientY: 65 }, { left: 10, top: 20, width: 280, height: 90 })).toEqual({
      x: 280,
      y: 90,
    });
  });
});

describe('SignaturePad', () => {
  it('draws a stroke under the pointer and reports that there is a drawing', () => {
    const { onChange, ref, canvas } = renderPad();
    expect(ref.current?.toPngDataUrl()).toBeNull();
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 150, clientY: 65, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(drawing.calls).toEqual(['beginPath', 'moveTo 0,0', 'lineTo 280,90', 'stroke']);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(ref.current?.toPngDataUrl()).toBe('data:image/png;base64,AAAA');
  });

  it('ignores a tap without movement and moves without a pressed pointer', () => {
    const { onChange, ref, canvas } = renderPad();
    fireEvent.pointerMove(canvas, { clientX: 50, clientY: 50 });
    fireEvent.pointerDown(canvas, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(drawing.calls.filter((call) => call.startsWith('lineTo'))).toEqual([]);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(ref.current?.toPngDataUrl()).toBeNull();
  });

  it('clears the drawing with the Clear button', () => {
    const { onChange, ref, canvas } = renderPad();
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear.hasAttribute('disabled')).toBe(true);
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 100, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(clear.hasAttribute('disabled')).toBe(false);
    act(() => {
      fireEvent.click(clear);
    });
    expect(drawing.calls).toContain('clearRect');
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(ref.current?.toPngDataUrl()).toBeNull();
  });

  it('tells keyboard users how to sign without drawing', () => {
    const { canvas } = renderPad();
    const hint = document.getElementById(canvas.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/To sign with the keyboard, choose "Type my name"/);
  });
});
