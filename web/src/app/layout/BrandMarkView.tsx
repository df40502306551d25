/**
 * The brand's mark as drawn: the logo, or the name's initial on the theme's gradient. Free of the app's
 * providers, so the build draws the served page's frame with it too (web/src/app/layout/StaticShell.tsx).
 */
export interface BrandMarkViewProps {
  /** The logo's address; without one the initial is drawn. */
  logo: string | undefined;
  initial: string;
  size: number;
  /** The initial's background. */
  background: string;
}

export function BrandMarkView({ logo, initial, size, background }: BrandMarkViewProps) {
  if (logo) {
    return <img src={logo} alt="" className="pc-brand-logo" style={{ height: size, maxWidth: size * 4 }} />;
  }
  return (
    <span
      aria-hidden
      className="pc-brand-initial"
      style={{ width: size, height: size, fontSize: size * 0.5, background }}
    >
      {initial}
    </span>
  );
}
