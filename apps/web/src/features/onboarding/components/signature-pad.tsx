import { type PointerEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export type Point = { x: number; y: number };
export type SignaturePadHandle = {
  /** The drawing as a PNG data URL (transparent background), or null when nothing was drawn. */
  toPngDataUrl(): string | null;
  clear(): void;
};

const WIDTH = 560;
const HEIGHT = 180;

/** Maps a pointer position to canvas pixels: the canvas is drawn at a fixed size and scaled by CSS. */
export function toCanvasPoint(
  client: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
): Point {
  const scaleX = rect.width > 0 ? WIDTH / rect.width : 1;
  const scaleY = rect.height > 0 ? HEIGHT / rect.height : 1;
  return { x: (client.clientX - rect.left) * scaleX, y: (client.clientY - rect.top) * scaleY };
}

/**
 * A canvas to sign on with mouse, pen or finger. Keyboard users sign by typing their name instead (the signing page
 * offers both), so the canvas is described, not operated, by assistive technology.
 */
export function SignaturePad({
  id,
  labelledBy,
  onChange,
  ref,
}: {
  id: string;
  labelledBy: string;
  onChange: (hasDrawing: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const isDrawing = useRef(false);
  const [hasDrawing, setHasDrawing] = useState(false);

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      // raw-colour-allowed: the ink must stay dark on the white PDF whatever the theme, so it is not a theme colour.
      ctx.strokeStyle = '#111827';
    }
    return ctx;
  };

  const update = (value: boolean) => {
    setHasDrawing(value);
    onChange(value);
  };

  const clear = () => {
    strokes.current = [];
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    update(false);
  };

  useImperativeHandle(ref, () => ({
    toPngDataUrl: () => (strokes.current.length > 0 ? (canvasRef.current?.toDataURL('image/png') ?? null) : null),
    clear,
  }));

  // Pointer capture keeps the stroke when the pen leaves the canvas mid-line.
  useEffect(
    () => () => {
      isDrawing.current = false;
    },
    [],
  );

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    toCanvasPoint(event, event.currentTarget.getBoundingClientRect());

  return (
    <div className="flex flex-col gap-2">
      <canvas
        id={id}
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={`${id}-hint`}
        className="w-full max-w-xl touch-none rounded-md border-2 border-dashed border-border bg-surface"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          isDrawing.current = true;
          const point = pointOf(event);
          strokes.current.push([point]);
          const ctx = context();
          ctx?.beginPath();
          ctx?.moveTo(point.x, point.y);
        }}
        onPointerMove={(event) => {
          if (!isDrawing.current) return;
          const point = pointOf(event);
          strokes.current.at(-1)?.push(point);
          const ctx = context();
          ctx?.lineTo(point.x, point.y);
          ctx?.stroke();
        }}
        onPointerUp={() => {
          if (!isDrawing.current) return;
          isDrawing.current = false;
          // A click without movement leaves no line worth signing with.
          const last = strokes.current.at(-1);
          if (last && last.length < 2) strokes.current.pop();
          update(strokes.current.length > 0);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-fg-secondary">
        {t('onboarding.signing.padHint')}
      </p>
      <div>
        <Button variant="secondary" onClick={clear} disabled={!hasDrawing}>
          {t('onboarding.signing.clear')}
        </Button>
      </div>
    </div>
  );
}
