import { brandInitial, type CompanyInfo, frameBackgrounds } from "@pc/contract";
import { theme } from "antd";
import { BrandMarkView } from "./BrandMarkView.tsx";

/** The company logo, or its initial on the theme colour when it has none. */
export function BrandMark({ company, size }: { company: CompanyInfo | undefined; size: number }) {
  const { token } = theme.useToken();
  return (
    <BrandMarkView
      logo={company?.logo}
      initial={brandInitial(company?.name)}
      size={size}
      background={frameBackgrounds(token).mark}
    />
  );
}
