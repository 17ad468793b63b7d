import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** Drag and drop, or the native file input behind a label (keyboard: the input itself is focusable). */
export function FileDropZone({ accept, onFiles }: { accept: string; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the file input inside is the keyboard way.
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition',
        isOver ? 'border-primary bg-light' : 'border-border bg-surface',
      )}
    >
      <p className="text-base font-semibold text-fg">{t('dataUpload.files.dropTitle')}</p>
      <p className="text-sm text-fg-secondary">{t('dataUpload.files.dropHint')}</p>
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-md border border-border bg-surface px-4 py-2.5 text-sm font-semibold text-fg hover:bg-gray-100 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
      >
        {t('dataUpload.files.choose')}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={accept}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length > 0) onFiles(files);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
