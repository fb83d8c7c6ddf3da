import {
  INTAKE_ORDERINGS,
  type IntakeIssue,
  type IntakeOrdering,
  paginated,
  v1CreateIntakeIssueBodySchema,
  v1IntakeIssueSchema,
  v1IntakeStatusBodySchema,
  v1ListQuerySchema,
  v1UpdateIntakeIssueBodySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.ts';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App, ProjectAccess } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { presentV1IntakeIssue } from './v1.presenter.ts';
import { V1_PROJECT, v1PageQuery, v1Project, v1ProjectParams } from './v1.ts';
import type { V1WorkItems } from './v1-work-items.ts';

const TAGS = ['public api: intake'];
/** `{intake_issue_id}` is the work item's id (Plane's v1); the intake item's own id is accepted too. */
const itemParams = v1ProjectParams.extend({ intake_issue_id: z.uuid() });
const listQuery = v1ListQuerySchema.extend({ status: z.string().max(100).optional() });

/** v1 `order_by` (`-created_at`, …) in the inbox's own keys; anything else keeps its default. */
function intakeOrder(orderBy: string | undefined): IntakeOrdering | undefined {
  const named = orderBy?.replace(/^(-?)(created_at|updated_at|sequence_id)$/, '$1issue__$2');
  return (INTAKE_ORDERINGS as readonly string[]).includes(named ?? '')
    ? (named as IntakeOrdering)
    : undefined;
}

/**
 * A project's intake (api.md §15.2), through the intake service: any project member submits and
 * reads what the guest rule lets them see; triage and deletes follow the service's rules.
 */
export function intakeV1Routes(app: App, { intake }: Services, items: V1WorkItems) {
  const base = `${V1_PROJECT}/intake-issues`;

  /** The items with their work items in full (one read for a whole page). */
  async function present(project: ProjectAccess, user: UserRow, found: IntakeIssue[]) {
    const details = await items.details(
      project,
      user,
      found.map((item) => item.issue.id),
    );
    const byId = new Map(details.map((detail) => [detail.id, detail]));
    return found.map((item) => presentV1IntakeIssue(item, project, byId.get(item.issue.id)));
  }

  app.get(
    `${base}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        querystring: listQuery,
        response: { 200: paginated(v1IntakeIssueSchema) },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const user = userOf(request);
      const { status, order_by } = request.query;
      const page = await intake.list(project, user, {
        ...v1PageQuery(request.query),
        status,
        order_by: intakeOrder(order_by),
      });
      return { ...page, results: await present(project, user, page.results) };
    },
  );

  app.post(
    `${base}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: v1CreateIntakeIssueBodySchema,
        response: { 201: v1IntakeIssueSchema },
      },
    },
    async (request, reply) => {
      const project = projectOf(request);
      const user = userOf(request);
      const created = await intake.create(project, user, { issue: request.body.issue });
      const [answer] = await present(project, user, [created]);
      return reply.code(201).send(answer!);
    },
  );

  app.get(
    `${base}/:intake_issue_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: TAGS, params: itemParams, response: { 200: v1IntakeIssueSchema } },
    },
    async (request) => {
      const project = projectOf(request);
      const user = userOf(request);
      const item = await intake.get(project, user, request.params.intake_issue_id);
      const [answer] = await present(project, user, [item]);
      return answer!;
    },
  );

  app.patch(
    `${base}/:intake_issue_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: itemParams,
        body: v1UpdateIntakeIssueBodySchema,
        response: { 200: v1IntakeIssueSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const user = userOf(request);
      const updated = await intake.update(project, user, request.params.intake_issue_id, request.body);
      const [answer] = await present(project, user, [updated]);
      return answer!;
    },
  );

  // Triage alone (Plane's `…/status/`): accept, decline, snooze or mark a duplicate.
  app.patch(
    `${base}/:intake_issue_id/status/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: itemParams,
        body: v1IntakeStatusBodySchema,
        response: { 200: v1IntakeIssueSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const user = userOf(request);
      const updated = await intake.update(project, user, request.params.intake_issue_id, request.body);
      const [answer] = await present(project, user, [updated]);
      return answer!;
    },
  );

  app.delete(
    `${base}/:intake_issue_id/`,
    { config: v1Project(ROLE.GUEST), schema: { tags: TAGS, params: itemParams } },
    async (request, reply) => {
      await intake.remove(projectOf(request), userOf(request), request.params.intake_issue_id);
      return reply.code(204).send();
    },
  );
}
