import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function ReportManagementPage() {
  return <PagePlaceholder title="reportManagement" />;
}
