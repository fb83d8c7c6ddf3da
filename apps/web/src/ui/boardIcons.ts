/**
 * The icons a board draws once per card (property chips, priority), each as a single path
 * (see flatIcon). Elsewhere the lucide components are used as they are.
 */
import * as ban from 'lucide-react/icons/ban';
import * as boxes from 'lucide-react/icons/boxes';
import * as calendarCheck2 from 'lucide-react/icons/calendar-check-2';
import * as calendarClock from 'lucide-react/icons/calendar-clock';
import * as layers from 'lucide-react/icons/layers';
import * as link2 from 'lucide-react/icons/link-2';
import * as octagonAlert from 'lucide-react/icons/octagon-exclamation-point';
import * as paperclip from 'lucide-react/icons/paperclip';
import * as refreshCcw from 'lucide-react/icons/refresh-ccw';
import * as signalHigh from 'lucide-react/icons/signal-high';
import * as signalLow from 'lucide-react/icons/signal-low';
import * as signalMedium from 'lucide-react/icons/signal-medium';
import * as tag from 'lucide-react/icons/tag';
import * as triangle from 'lucide-react/icons/triangle';
import * as userRound from 'lucide-react/icons/user-round';
import { flatIcon, iconData } from './flatIcon.tsx';

export const BanIcon = flatIcon(iconData(ban));
export const CycleIcon = flatIcon(iconData(refreshCcw));
export const ModuleIcon = flatIcon(iconData(boxes));
export const CalendarCheckIcon = flatIcon(iconData(calendarCheck2));
export const CalendarClockIcon = flatIcon(iconData(calendarClock));
export const LayersIcon = flatIcon(iconData(layers));
export const LinkIcon = flatIcon(iconData(link2));
export const OctagonAlertIcon = flatIcon(iconData(octagonAlert));
export const PaperclipIcon = flatIcon(iconData(paperclip));
export const SignalHighIcon = flatIcon(iconData(signalHigh));
export const SignalLowIcon = flatIcon(iconData(signalLow));
export const SignalMediumIcon = flatIcon(iconData(signalMedium));
export const TagIcon = flatIcon(iconData(tag));
export const TriangleIcon = flatIcon(iconData(triangle));
export const UserRoundIcon = flatIcon(iconData(userRound));
