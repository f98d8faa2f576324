import type { SVGProps } from "react";
import sprite from "./icons.svg?url";

/**
 * The app's icons: lucide's drawings, sent once as a sprite (icons.svg) that each icon draws with
 * <use>, so no page carries their paths in its JavaScript (issue 16: they were about 5 kB gzip of a
 * signed-in page's scripts, and the browser caches the sprite across pages). The outer <svg> is
 * lucide-react's own (icons.test.ts compares them), so `size-4`, `text-…` or `animate-spin` style
 * an icon as before: stroke and fill are inherited through <use>.
 *
 * To add an icon: a line below with lucide's name for it (https://lucide.dev/icons), then
 * `node --import tsx scripts/icon-sprite.ts` writes the sprite again (icons.test.ts fails until it
 * has).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type Icon = (props: IconProps) => React.JSX.Element;

/** lucide hides an icon from assistive technology unless it is given a name or a role. */
const named = (props: IconProps) => Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");

/** One of lucide's icons, by lucide's name, drawn from the sprite. */
export function SpriteIcon({ name, className, ...props }: IconProps & { name: string }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it, as lucide's are
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={named(props) ? undefined : "true"}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const ArchiveRestoreIcon: Icon = (props) => <SpriteIcon name="archive-arrow-up" {...props} />;
export const ArchiveXIcon: Icon = (props) => <SpriteIcon name="archive-x" {...props} />;
export const ArrowDownIcon: Icon = (props) => <SpriteIcon name="arrow-down" {...props} />;
export const ArrowDownRightIcon: Icon = (props) => <SpriteIcon name="arrow-down-right" {...props} />;
export const ArrowLeftIcon: Icon = (props) => <SpriteIcon name="arrow-left" {...props} />;
export const ArrowRightIcon: Icon = (props) => <SpriteIcon name="arrow-right" {...props} />;
export const ArrowUpDownIcon: Icon = (props) => <SpriteIcon name="arrow-up-down" {...props} />;
export const ArrowUpIcon: Icon = (props) => <SpriteIcon name="arrow-up" {...props} />;
export const ArrowUpRightIcon: Icon = (props) => <SpriteIcon name="arrow-up-right" {...props} />;
export const BarChart3Icon: Icon = (props) => <SpriteIcon name="chart-column" {...props} />;
export const BellIcon: Icon = (props) => <SpriteIcon name="bell" {...props} />;
export const BellOffIcon: Icon = (props) => <SpriteIcon name="bell-off" {...props} />;
export const BotIcon: Icon = (props) => <SpriteIcon name="bot" {...props} />;
export const CalendarCheckIcon: Icon = (props) => <SpriteIcon name="calendar-check" {...props} />;
export const CalendarClockIcon: Icon = (props) => <SpriteIcon name="calendar-clock" {...props} />;
export const CheckIcon: Icon = (props) => <SpriteIcon name="check" {...props} />;
export const ChevronDownIcon: Icon = (props) => <SpriteIcon name="chevron-down" {...props} />;
export const ChevronLeftIcon: Icon = (props) => <SpriteIcon name="chevron-left" {...props} />;
export const ChevronRightIcon: Icon = (props) => <SpriteIcon name="chevron-right" {...props} />;
export const CircleAlertIcon: Icon = (props) => <SpriteIcon name="circle-exclamation-point" {...props} />;
export const CircleCheckIcon: Icon = (props) => <SpriteIcon name="circle-check" {...props} />;
export const CircleDashedIcon: Icon = (props) => <SpriteIcon name="circle-dashed" {...props} />;
export const CircleIcon: Icon = (props) => <SpriteIcon name="circle" {...props} />;
export const CircleXIcon: Icon = (props) => <SpriteIcon name="circle-x" {...props} />;
export const ClipboardCheckIcon: Icon = (props) => <SpriteIcon name="clipboard-check" {...props} />;
export const ClockIcon: Icon = (props) => <SpriteIcon name="clock" {...props} />;
export const ConstructionIcon: Icon = (props) => <SpriteIcon name="construction" {...props} />;
export const CreditCardIcon: Icon = (props) => <SpriteIcon name="credit-card" {...props} />;
export const CrownIcon: Icon = (props) => <SpriteIcon name="crown" {...props} />;
export const DownloadIcon: Icon = (props) => <SpriteIcon name="download" {...props} />;
export const ExternalLinkIcon: Icon = (props) => <SpriteIcon name="external-link" {...props} />;
export const EyeIcon: Icon = (props) => <SpriteIcon name="eye" {...props} />;
export const EyeOffIcon: Icon = (props) => <SpriteIcon name="eye-off" {...props} />;
export const FileTextIcon: Icon = (props) => <SpriteIcon name="file-text" {...props} />;
export const FileUpIcon: Icon = (props) => <SpriteIcon name="file-up" {...props} />;
export const FlaskConicalIcon: Icon = (props) => <SpriteIcon name="flask-conical" {...props} />;
export const GlobeIcon: Icon = (props) => <SpriteIcon name="globe" {...props} />;
export const GraduationCapIcon: Icon = (props) => <SpriteIcon name="graduation-cap" {...props} />;
export const GripVerticalIcon: Icon = (props) => <SpriteIcon name="grip-vertical" {...props} />;
export const HomeIcon: Icon = (props) => <SpriteIcon name="house" {...props} />;
export const ImageIcon: Icon = (props) => <SpriteIcon name="image" {...props} />;
export const ImageUpIcon: Icon = (props) => <SpriteIcon name="image-up" {...props} />;
export const InfoIcon: Icon = (props) => <SpriteIcon name="info" {...props} />;
export const LayoutDashboardIcon: Icon = (props) => <SpriteIcon name="layout-dashboard" {...props} />;
export const LifeBuoyIcon: Icon = (props) => <SpriteIcon name="life-buoy" {...props} />;
export const Link2Icon: Icon = (props) => <SpriteIcon name="link-2" {...props} />;
export const LinkIcon: Icon = (props) => <SpriteIcon name="link" {...props} />;
export const LoaderCircleIcon: Icon = (props) => <SpriteIcon name="loader-circle" {...props} />;
export const LockIcon: Icon = (props) => <SpriteIcon name="lock" {...props} />;
export const LogInIcon: Icon = (props) => <SpriteIcon name="log-in" {...props} />;
export const LogOutIcon: Icon = (props) => <SpriteIcon name="log-out" {...props} />;
export const MailCheckIcon: Icon = (props) => <SpriteIcon name="mail-check" {...props} />;
export const MailIcon: Icon = (props) => <SpriteIcon name="mail" {...props} />;
export const MenuIcon: Icon = (props) => <SpriteIcon name="menu" {...props} />;
export const MinusIcon: Icon = (props) => <SpriteIcon name="minus" {...props} />;
export const MoreVerticalIcon: Icon = (props) => <SpriteIcon name="ellipsis-vertical" {...props} />;
export const MousePointerClickIcon: Icon = (props) => <SpriteIcon name="mouse-pointer-click" {...props} />;
export const NetworkIcon: Icon = (props) => <SpriteIcon name="network" {...props} />;
export const PanelLeftCloseIcon: Icon = (props) => <SpriteIcon name="panel-left-close" {...props} />;
export const PanelLeftOpenIcon: Icon = (props) => <SpriteIcon name="panel-left-open" {...props} />;
export const PauseIcon: Icon = (props) => <SpriteIcon name="pause" {...props} />;
export const PencilIcon: Icon = (props) => <SpriteIcon name="pencil" {...props} />;
export const PlayCircleIcon: Icon = (props) => <SpriteIcon name="circle-play" {...props} />;
export const PlayIcon: Icon = (props) => <SpriteIcon name="play" {...props} />;
export const PlugIcon: Icon = (props) => <SpriteIcon name="plug" {...props} />;
export const PlusIcon: Icon = (props) => <SpriteIcon name="plus" {...props} />;
export const RefreshCwIcon: Icon = (props) => <SpriteIcon name="refresh-cw" {...props} />;
export const RotateCcwIcon: Icon = (props) => <SpriteIcon name="rotate-ccw" {...props} />;
export const RotateCwIcon: Icon = (props) => <SpriteIcon name="rotate-cw" {...props} />;
export const SearchIcon: Icon = (props) => <SpriteIcon name="search" {...props} />;
export const SettingsIcon: Icon = (props) => <SpriteIcon name="settings" {...props} />;
export const ShieldCheckIcon: Icon = (props) => <SpriteIcon name="shield-check" {...props} />;
export const ShieldIcon: Icon = (props) => <SpriteIcon name="shield" {...props} />;
export const ShieldOffIcon: Icon = (props) => <SpriteIcon name="shield-off" {...props} />;
export const ShoppingCartIcon: Icon = (props) => <SpriteIcon name="shopping-cart" {...props} />;
export const SlidersHorizontalIcon: Icon = (props) => <SpriteIcon name="sliders-horizontal" {...props} />;
export const SparklesIcon: Icon = (props) => <SpriteIcon name="sparkles" {...props} />;
export const Trash2Icon: Icon = (props) => <SpriteIcon name="trash" {...props} />;
export const TriangleAlertIcon: Icon = (props) => <SpriteIcon name="triangle-exclamation-point" {...props} />;
export const TrophyIcon: Icon = (props) => <SpriteIcon name="trophy" {...props} />;
export const UnplugIcon: Icon = (props) => <SpriteIcon name="unplug" {...props} />;
export const UploadIcon: Icon = (props) => <SpriteIcon name="upload" {...props} />;
export const XIcon: Icon = (props) => <SpriteIcon name="x" {...props} />;
