import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function AffiliateReportsPage() {
  return <PagePlaceholder title="affiliateReports" />;
}
