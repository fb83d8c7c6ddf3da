import { Copy } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';

/** A URL to register elsewhere: read-only, selected on focus, with a Copy button. */
export function CallbackUrlField({ label, url, hint }: { label: string; url: string; hint?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Callback URL copied');
    } catch (error) {
      toastError(error, 'The URL could not be copied: select it and copy it by hand');
    }
  };
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            readOnly
            value={url}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            <Copy className="size-4" aria-hidden /> Copy
          </Button>
        </div>
      )}
    </Field>
  );
}
