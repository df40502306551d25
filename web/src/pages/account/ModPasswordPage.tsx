import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function ModPasswordPage() {
  return <PagePlaceholder title="modPassword" />;
}
