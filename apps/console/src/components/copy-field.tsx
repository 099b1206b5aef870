import { useId, useState } from 'react';

/** A value to copy (a link, a key): selectable text with a Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={value} spellCheck={false} onFocus={(event) => event.target.select()} />
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setCopied('yes'),
            () => setCopied('no'),
          )
        }
      >
        Copy
      </button>
      <span role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Select the text and copy it yourself.' : ''}
      </span>
    </div>
  );
}
