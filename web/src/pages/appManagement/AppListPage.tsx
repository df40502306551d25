import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function AppListPage() {
  return <PagePlaceholder title="appManagementList" />;
}
