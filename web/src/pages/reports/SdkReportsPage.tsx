import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function SdkReportsPage() {
  return <PagePlaceholder title="sdkReports" />;
}
