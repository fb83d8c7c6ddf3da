import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './Button.tsx';
import { Field } from './Field.tsx';
import { Input } from './Input.tsx';
import { toastError } from './toast.ts';

/** A secret shown once (an API token, a webhook's signing secret): read-only, selected on focus, one-click copy. */
export function CopyOnceField({ label, value, noun }: { label: string; value: string; noun: string }) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      toastError(error, `The ${noun} could not be copied: select it and copy it by hand`);
    }
  };

  return (
    <Field label={label}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            readOnly
            value={value}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="primary" onClick={copy} aria-live="polite">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      )}
    </Field>
  );
}
