import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { TitleKey } from "../app/routeTable.tsx";

/** A page that a later piece of work fills in: its title only. */
export function PagePlaceholder({ title }: { title: TitleKey }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(`route.${title}`)}
      </Typography.Title>
      <Typography.Text type="secondary">{t("placeholder.comingSoon")}</Typography.Text>
    </Card>
  );
}
