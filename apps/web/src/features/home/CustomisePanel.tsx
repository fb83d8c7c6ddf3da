import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { WIDGET_LABELS } from './greeting.ts';

/** Shows and hides the home widgets; each switch saves at once (and springs back if refused). */
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
      description="Choose the widgets your home page shows."
      size="sm"
      footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
    >
      <ul className="flex flex-col divide-y divide-border">
        {dashboard.widgetsOf(slug).map((w) => {
          const label = WIDGET_LABELS[w.key] ?? w.key;
          return (
            <li key={w.id} className="flex items-center justify-between gap-3 py-2.5">
              <span id={`customise-${w.key}`} className="text-sm text-fg">
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
