import type { AdminSection } from "@nexus/contracts";
import { clsx } from "clsx";
import { BarChart3, Inbox, type LucideIcon, MessageSquareText, Users } from "lucide-react";
import type { ComponentType } from "react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { FeedbackSection } from "./feedback-section.tsx";
import { LeadsSection } from "./leads-section.tsx";
import { UsageSection } from "./usage-section.tsx";
import { UsersSection } from "./users-section.tsx";

const SECTIONS: ReadonlyArray<{ id: AdminSection; label: MessageId; icon: LucideIcon }> = [
  { id: "leads", label: "admin.section.leads", icon: Inbox },
  { id: "feedback", label: "admin.section.feedback", icon: MessageSquareText },
  { id: "users", label: "admin.section.users", icon: Users },
  { id: "usage", label: "admin.section.usage", icon: BarChart3 },
];

const CONTENT: Readonly<Record<AdminSection, ComponentType>> = {
  leads: LeadsSection,
  feedback: FeedbackSection,
  users: UsersSection,
  usage: UsageSection,
};

/** The super-admins' area: one link per section (a real URL each), then the section. */
export function AdminScreen({ section }: { section: AdminSection }) {
  const t = useT();
  const Content = CONTENT[section];
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t("admin.sections")}>
        <ul className="grid grid-cols-4 gap-1 rounded-xl bg-surface-2 p-1 sm:flex sm:w-max">
          {SECTIONS.map(({ id, label, icon: Icon }) => (
            <li key={id}>
              <NavLink
                to={paths.app.adminSection.href(id)}
                aria-current={id === section ? "page" : undefined}
                data-testid={`admin-tab-${id}`}
                className={clsx(
                  "flex items-center justify-center gap-2 rounded-lg px-1.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-3",
                  id === section
                    ? "bg-surface text-fg shadow-xs"
                    : "text-muted hover:bg-surface/60 hover:text-fg",
                )}
              >
                <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Content />
    </div>
  );
}
