import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function AccountManagementPage() {
  return <PagePlaceholder title="accountManagement" />;
}
