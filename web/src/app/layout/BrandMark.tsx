import { type CompanyInfo, frameBackgrounds } from "@pc/contract";
import { theme } from "antd";

/** The company logo, or its initial on the theme colour when it has none. */
export function BrandMark({ company, size }: { company: CompanyInfo | undefined; size: number }) {
  const { token } = theme.useToken();
  if (company?.logo) {
    return (
      <img src={company.logo} alt="" className="pc-brand-logo" style={{ height: size, maxWidth: size * 4 }} />
    );
  }
  const initial = (company?.name?.trim()[0] ?? "P").toUpperCase();
  return (
    <span
      aria-hidden
      className="pc-brand-initial"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.5,
        background: frameBackgrounds(token).mark,
      }}
    >
      {initial}
    </span>
  );
}
