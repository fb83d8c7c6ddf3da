import { ArrowDown, ArrowUp } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { WIDGET_LABELS } from './greeting.ts';

/**
 * Shows, hides and orders the home widgets; each switch and move saves at once (and springs back
 * if refused).
 */
export const CustomisePanel = observer(function CustomisePanel({
  slug,
  open,
  onOpenChange,
}: {
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { dashboard } = useStores();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Customise home"
      description="Choose the widgets your home page shows, and their order."
      size="sm"
      footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
    >
      <ul className="flex flex-col divide-y divide-border">
        {dashboard.widgetsOf(slug).map((w, index, all) => {
          const label = WIDGET_LABELS[w.key] ?? w.key;
          const moveButton = (step: -1 | 1) => (
            <button
              type="button"
              aria-label={`Move ${label} ${step < 0 ? 'up' : 'down'}`}
              disabled={step < 0 ? index === 0 : index === all.length - 1}
              onClick={() => void dashboard.move(slug, w.key, step)}
              className="rounded p-1 text-fg-muted hover:bg-surface hover:text-fg disabled:opacity-30"
            >
              {step < 0 ? (
                <ArrowUp className="size-3.5" aria-hidden />
              ) : (
                <ArrowDown className="size-3.5" aria-hidden />
              )}
            </button>
          );
          return (
            <li key={w.id} className="flex items-center gap-2 py-2.5">
              <span className="flex shrink-0">
                {moveButton(-1)}
                {moveButton(1)}
              </span>
              <span id={`customise-${w.key}`} className="flex-1 text-sm text-fg">
                {label}
              </span>
              <Switch
                aria-labelledby={`customise-${w.key}`}
                checked={w.is_visible}
                onCheckedChange={(visible) => void dashboard.setVisible(slug, w.key, visible)}
              />
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
});
