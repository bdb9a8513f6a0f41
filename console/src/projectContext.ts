// The open project, shared by its pages: any of them may change it (RAG switched on by the first
// upload, settings saved) and have every other part of the page see the change.
import { createContext, useContext } from 'react';
import type { ProjectView } from '@askflow/contract/browser';

export interface ProjectContextValue { project: ProjectView; reload: () => void }

export const ProjectContext = createContext<ProjectContextValue | null>(null);

export function useProject(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProject outside a project page');
  return value;
}
